import { OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { registry } from "~/platform/openapi/registry.server";
import { APP_VERSION } from "~/platform/theme/theme";
import { boundQueryIntegers } from "~/platform/openapi/bounds";

export { registerRoute, registry } from "~/platform/openapi/registry.server";

export function buildOpenApiDocument() {
  // Vite turns this into static imports of every contract module.
  import.meta.glob("../../features/**/contract.server.ts", { eager: true });
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: "PMR API", version: APP_VERSION, description: "The JSON API the pages use, for integrators." },
    servers: [{ url: "/" }],
  });
  // Integer query parameters state the input layer's bound (ADR 0060).
  return boundQueryIntegers(document);
}

let documentJson: string | null = null;

/**
 * The document as JSON, built once per process: the contracts register at module load and never change after,
 * so GET /api/v1/openapi.json need not generate it on every request (issue 16: it did, at 18 requests/s).
 */
export function openApiDocumentJson(): string {
  documentJson ??= JSON.stringify(buildOpenApiDocument());
  return documentJson;
}
