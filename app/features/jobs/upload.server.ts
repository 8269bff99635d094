import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, MaxPartSizeExceededError } from "@remix-run/node";
import { z } from "zod";
import { ApiError, badRequest } from "~/platform/api.server";
import { ERROR_MODES, type UploadedFile } from "~/features/jobs/rules";

/** Uploads of bulk jobs (API and pages): reading the multipart form, its size limit and its fields. */

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/**
 * The multipart form of an upload: the `file` part (kept in memory, at most 50 MB) and the text
 * fields. 400 if the request is not multipart, 413 if the file is too large.
 */
export async function readUploadForm(request: Request): Promise<{ file: UploadedFile | null; fields: Record<string, string> }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw badRequest("Send the file as multipart/form-data (fields: file, error_mode)");
  }
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }));
  } catch (err) {
    if (err instanceof MaxPartSizeExceededError) {
      throw new ApiError(413, "payload_too_large", `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
    }
    throw badRequest("The upload could not be read as multipart/form-data");
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") fields[key] = value;
    else if (key === "file" && value.size > 0) {
      file = { name: value.name || "upload.csv", contentType: value.type || "text/csv", bytes: new Uint8Array(await value.arrayBuffer()) };
    }
  }
  return { file, fields };
}

export const UploadFieldsSchema = z.object({
  error_mode: z
    .enum(ERROR_MODES, { error: `error_mode must be one of ${ERROR_MODES.join(", ")}` })
    .default("all_or_nothing"),
});
