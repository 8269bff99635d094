import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { JobDetailPage } from "~/components/job-views";
import { loadJobDetailPage } from "~/services/job-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Populate participants job #${data?.job.id ?? ""} - PMR` }];

/** Status, progress (refreshed every second while running) and row errors of one job. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadJobDetailPage(request, params, "POPULATE_PARTICIPANTS");
}

export default function JobDetails() {
  const data = useLoaderData<typeof loader>();
  return <JobDetailPage {...data} />;
}
