import { Box, Button, Paper, Typography } from "@mui/material";
import type { TooltipRenderProps } from "react-joyride";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/platform/i18n/locales/types";

/**
 * The guided tour's step card in the app's theme (react-joyride renders it as its tooltip): title, text,
 * "n of m", Skip tour (not on the last step), Back (after the first) and Next / Dismiss.
 * Joyride's props give it role alertdialog, aria-modal and the focus trap.
 */
export function TourTooltip({ backProps, primaryProps, skipProps, index, isLastStep, size, step, tooltipProps }: TooltipRenderProps) {
  // The step's title and text are translation keys (features/tours/rules.ts): shown in the reader's language.
  const { t } = useTranslation();
  return (
    <Paper
      elevation={8}
      {...tooltipProps}
      aria-labelledby="guided-tour-title"
      aria-describedby="guided-tour-content"
      data-testid="guided-tour"
      sx={{ p: 2, width: 360, maxWidth: "calc(100vw - 32px)" }}
    >
      <Typography id="guided-tour-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {typeof step.title === "string" ? t(step.title as TranslationKey) : step.title}
      </Typography>
      <Typography id="guided-tour-content" variant="body2" component="div">
        {typeof step.content === "string" ? t(step.content as TranslationKey) : step.content}
      </Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 2, flexWrap: "wrap" }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }} data-testid="guided-tour-progress">
          {t("tours.progress", { index: index + 1, size })}
        </Typography>
        {!isLastStep && <Button size="small" color="inherit" {...skipProps} data-testid="guided-tour-skip" />}
        {index > 0 && <Button size="small" {...backProps} data-testid="guided-tour-back" />}
        <Button size="small" variant="contained" {...primaryProps} data-testid="guided-tour-primary" />
      </Box>
    </Paper>
  );
}
