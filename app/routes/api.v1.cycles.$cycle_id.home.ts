import { homeLoader, only } from "~/features/home/api.server";

/** GET /api/v1/cycles/{cycle_id}/home: your to-do list in the cycle and, for a manager, the team's progress (ADR 0036). */
export const loader = homeLoader;
export const action = only("GET");
