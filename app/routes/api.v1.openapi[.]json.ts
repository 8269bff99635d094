import { buildOpenApiDocument, registerRoute } from "~/services/openapi.server";

// Import every API route module so each registers its schemas (Vite resolves this at build time).
import.meta.glob(["./api.v1.*.{ts,tsx}", "!./api.v1.openapi*"], { eager: true });

registerRoute({ method: "get", path: "/api/v1/openapi.json", summary: "This API description", public: true, responses: {} });

export async function loader() {
  return Response.json(buildOpenApiDocument());
}
