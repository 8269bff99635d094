import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { CycleParams, QuestionnaireResponse, QuestionnaireSchema, expectedVersionOf } from "~/features/questionnaires/contract.server";
import { issuesOf } from "~/features/questionnaires/validation";
import { ApiError, api, badRequest, methodNotAllowed, parseParams, refusalStatus } from "~/platform/api.server";
import { assertAdminCycleContext, assertSuperAdmin, requireApiUser } from "~/platform/auth.server";
import { getQuestionnaire, saveQuestionnaire } from "~/features/questionnaires/service.server";

/** GET /api/v1/admin/cycles/{cycle_id}/questionnaire (super admin or HR ops). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  api(async () => {
    const current = await requireApiUser(request);
    assertAdminCycleContext(current);
    const { id } = parseParams(params, CycleParams);
    return QuestionnaireResponse.parse({ questionnaire: await getQuestionnaire(id) });
  });

/** PUT /api/v1/admin/cycles/{cycle_id}/questionnaire (super admin): body = the definition. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  api(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
    const current = await requireApiUser(request);
    assertSuperAdmin(current);
    const { id } = parseParams(params, CycleParams);
    const expectedVersion = expectedVersionOf(request);
    if (expectedVersion !== undefined && !Number.isInteger(expectedVersion)) throw badRequest("If-Match must be a questionnaire version");
    let body: unknown;
    try {
      body = JSON.parse(await request.text());
    } catch {
      throw new ApiError(400, "invalid_json", "Request body is not valid JSON");
    }
    const parsed = QuestionnaireSchema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError(refusalStatus(parsed.error), "validation_failed", "Invalid questionnaire", { ...z.flattenError(parsed.error), issues: issuesOf(parsed.error) });
    }
    const saved = await saveQuestionnaire(current.actor, id, parsed.data, { expectedVersion });
    return QuestionnaireResponse.parse({ questionnaire: saved });
  });
