import { buildOpenApiDocument } from "~/platform/openapi/document.server";

export async function loader() {
  return Response.json(buildOpenApiDocument());
}
