import { api, methodNotAllowed } from "~/platform/api.server";
import { publicConfig } from "~/services/config.server";
import { ConfigResponse } from "~/contracts/shell.server";

export const loader = () => api(async () => ConfigResponse.parse(publicConfig()));
export const action = () => methodNotAllowed(["GET"]);
