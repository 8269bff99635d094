import { api, methodNotAllowed } from "~/platform/api.server";
import { publicConfig } from "~/features/shell/config.server";
import { ConfigResponse } from "~/features/shell/contract.server";

export const loader = () => api(async () => ConfigResponse.parse(publicConfig()));
export const action = () => methodNotAllowed(["GET"]);
