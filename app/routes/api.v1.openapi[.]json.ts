import { openApiDocumentJson } from "~/platform/openapi/document.server";

export async function loader() {
  return new Response(openApiDocumentJson(), { headers: { "Content-Type": "application/json" } });
}
