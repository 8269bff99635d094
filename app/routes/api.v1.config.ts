import { z } from "zod";
import { api, methodNotAllowed } from "~/services/api.server";
import { publicConfig } from "~/services/config.server";
import { registerRoute } from "~/services/openapi.server";

export const ConfigResponse = z.object({
  RAILS_ENVIRONMENT: z.string(),
  GA_GTAG_ID: z.string().nullable(),
  GOOGLE_CLIENT_ID: z.string().nullable(),
  LARK_CLIENT_ID: z.string().nullable(),
  SENTRY_DSN: z.string().nullable(),
  DEPLOYMENT_ENVIRONMENT: z.string(),
});

registerRoute({ method: "get", path: "/api/v1/config", summary: "Public configuration", public: true, responses: { 200: ConfigResponse } });

export const loader = () => api(async () => ConfigResponse.parse(publicConfig()));
export const action = () => methodNotAllowed(["GET"]);
