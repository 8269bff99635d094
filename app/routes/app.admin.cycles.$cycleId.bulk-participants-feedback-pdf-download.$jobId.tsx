import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { JobDetailPage } from "~/components/job-views";
import { loadJobDetailPage } from "~/services/job-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Feedback PDFs job #${data?.job.id ?? ""} - PMR` }];

/** Status, progress per participant (refreshed every second while running) and the ZIP download. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadJobDetailPage(request, params, "BULK_FEEDBACK_PDF");
}

export default function BulkFeedbackPdfJob() {
  const data = useLoaderData<typeof loader>();
  return <JobDetailPage {...data} />;
}
