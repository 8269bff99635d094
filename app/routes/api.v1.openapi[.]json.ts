import { only } from "~/platform/api-routes.server";
import { openApiDocumentJson } from "~/platform/openapi/document.server";

export async function loader() {
  return new Response(openApiDocumentJson(), { headers: { "Content-Type": "application/json" } });
}

/** Other methods: 405 with Allow (issue 17). */
export const action = only("GET");
