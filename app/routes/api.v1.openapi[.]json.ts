import { buildOpenApiDocument } from "~/services/openapi.server";

export async function loader() {
  return Response.json(buildOpenApiDocument());
}
