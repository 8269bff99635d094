import { errorResponse, notFound } from "~/platform/api.server";

/**
 * Any /api/v1 path no route declares (issue 15 item 8): 404 in the API's error format for every method,
 * never the HTML 404 page. More specific routes always win over this splat.
 */
const unknownPath = ({ request }: { request: Request }) => errorResponse(notFound(`No API path ${new URL(request.url).pathname}`));

export const loader = unknownPath;
export const action = unknownPath;
