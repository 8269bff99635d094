import {
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  MaxPartSizeExceededError,
  type UploadHandler,
} from "@remix-run/node";
import { z } from "zod";
import { ApiError, badRequest } from "~/platform/api.server";
import { withNotice } from "~/platform/refusal-notice.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { refusalDetails } from "~/platform/i18n/refusal-key";
import { ERROR_MODES, uploadTypeProblem, type UploadedFile } from "~/features/jobs/rules";

/**
 * Uploads of bulk jobs (API and pages): reading the multipart form, its limits and its fields. An upload is refused
 * before it is read whole (docs/decisions/0041-hardening.md): 413 when its declared Content-Length, or the bytes
 * read so far, pass the limit; 415 when it is not multipart, or when the file part is not a CSV, as soon as the
 * part's headers are read.
 */

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** What the whole multipart body may add to the file: boundaries, part headers and the text fields. */
export const UPLOAD_FORM_OVERHEAD_BYTES = 64 * 1024;

// Each refusal with its notice (the page says it as a key, ADR 0095/0107); the API answers the English.
const tooLarge = () => {
  const size = MAX_UPLOAD_BYTES / 1024 / 1024;
  return withNotice(new ApiError(413, "payload_too_large", `The file is larger than ${size} MB`), pageMessage("jobs.failure.tooLarge", { size }));
};

class BodyTooLarge extends Error {}

/** The request with a body that fails once more than `max` bytes have come (whatever Content-Length said). */
function withBodyLimit(request: Request, max: number): Request {
  if (!request.body) return request;
  let seen = 0;
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(new BodyTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit);
}

/** The `file` part is refused from its headers (name and type) before its content is read. */
function csvFilesOnly(next: UploadHandler): UploadHandler {
  return async (part) => {
    if (part.name === "file" && typeof part.filename === "string" && part.filename !== "") {
      const problem = uploadTypeProblem(part.filename, part.contentType);
      if (problem) throw withNotice(new ApiError(415, "unsupported_media_type", problem), pageMessage("jobs.failure.notCsvFile", { file: part.filename.trim() }));
    }
    return next(part);
  };
}

/**
 * The multipart form of an upload: the `file` part (kept in memory, at most 50 MB) and the text fields.
 * 415 if the request is not multipart or the file not a CSV, 413 if it is too large, 400 if it cannot be read.
 */
export async function readUploadForm(request: Request): Promise<{ file: UploadedFile | null; fields: Record<string, string> }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    // Its key in the details for API clients (ADR 0108) and as the notice for the pages (ADR 0107).
    const key = pageMessage("jobs.failure.notMultipart");
    throw withNotice(new ApiError(415, "unsupported_media_type", "Send the file as multipart/form-data (fields: file, error_mode)", refusalDetails(key)), key);
  }
  const maxBody = MAX_UPLOAD_BYTES + UPLOAD_FORM_OVERHEAD_BYTES;
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBody) throw tooLarge();
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(
      withBodyLimit(request, maxBody),
      csvFilesOnly(unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES })),
    );
  } catch (err) {
    if (err instanceof MaxPartSizeExceededError || err instanceof BodyTooLarge) throw tooLarge();
    if (err instanceof ApiError) throw err;
    throw withNotice(badRequest("The upload could not be read as multipart/form-data"), pageMessage("jobs.failure.unreadable"));
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
