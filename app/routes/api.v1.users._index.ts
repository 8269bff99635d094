import type { LoaderFunctionArgs } from "@remix-run/node";
import { UserPickerQuery, UserPickerResponse } from "~/features/users/contract.server";
import { api, methodNotAllowed, parseQuery } from "~/platform/api.server";
import { requireApiUser } from "~/platform/auth.server";
import { searchUsersForPicker } from "~/features/users/service.server";

/** GET /api/v1/users?q=&nominee_email= for pickers (any signed-in user; active users, at most 20). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  api(async () => {
    await requireApiUser(request);
    const query = parseQuery(request, UserPickerQuery);
    return UserPickerResponse.parse(await searchUsersForPicker(query.q, query.nominee_email));
  });

export const action = () => methodNotAllowed(["GET"]);
