import { Link as RemixLink } from "@remix-run/react";
import { Box, Button, Stack, Typography } from "@mui/material";
import { endorsementPaths, type EndorsementPageData } from "~/features/promotions/endorser-page-types";
import { BackToEndorsements, EndorsementFacts } from "~/features/promotions/components/endorsement-parts";

/** /app/promotions/endorsements/{endorsementId}/view: one request, read-only (status, outcome, the written endorsement). */
export function EndorsementViewPage({ data }: { data: EndorsementPageData }) {
  const { endorsement: e, cycleId } = data;
  const canAnswer = e.can.accept || e.can.reject || e.can.endorse;
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <Box>
        <BackToEndorsements />
        <Typography variant="h4" component="h1" data-testid="endorsement-title">
          Endorsement: {e.nominee.name}
        </Typography>
      </Box>
      <EndorsementFacts endorsement={e} showAnswer />
      {canAnswer && (
        <Box>
          <Button variant="contained" component={RemixLink} to={endorsementPaths.endorse(e.id, cycleId)} data-testid="endorsement-answer">
            Answer this request
          </Button>
        </Box>
      )}
    </Stack>
  );
}
