import { Box, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { alpha } from "@mui/material/styles";

/**
 * Before and after of an audit record side by side, pretty-printed, with the top-level keys whose
 * value changed highlighted (red on the before side, green on the after side).
 */

type Json = unknown;

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Top-level keys whose value differs between before and after (a key on one side only counts). */
export function changedKeys(before: Json, after: Json): Set<string> {
  const changed = new Set<string>();
  if (!isPlainObject(before) || !isPlainObject(after)) return changed;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed.add(key);
  }
  return changed;
}

type Line = { text: string; key: string | null };

/** Pretty JSON lines, each top-level property tagged with its key. */
function jsonLines(value: Json): Line[] {
  if (!isPlainObject(value)) return JSON.stringify(value, null, 2).split("\n").map((text) => ({ text, key: null }));
  const keys = Object.keys(value);
  if (keys.length === 0) return [{ text: "{}", key: null }];
  const lines: Line[] = [{ text: "{", key: null }];
  keys.forEach((key, i) => {
    const body = JSON.stringify(value[key], null, 2) ?? "null";
    const parts = body.split("\n");
    const comma = i < keys.length - 1 ? "," : "";
    parts.forEach((part, j) => {
      const prefix = j === 0 ? `  ${JSON.stringify(key)}: ` : "  ";
      lines.push({ text: `${prefix}${part}${j === parts.length - 1 ? comma : ""}`, key });
    });
  });
  lines.push({ text: "}", key: null });
  return lines;
}

function Side({ title, value, changed, tone, testId }: { title: string; value: Json; changed: Set<string>; tone: "error" | "success"; testId: string }) {
  const empty = value === null || value === undefined;
  return (
    <Box sx={{ flex: 1, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography variant="body2" color="text.secondary">
          —
        </Typography>
      ) : (
        <Box
          component="pre"
          sx={{ m: 0, p: 1, bgcolor: "grey.50", border: 1, borderColor: "divider", borderRadius: 1, overflowX: "auto", fontSize: 13, lineHeight: 1.5 }}
        >
          {jsonLines(value).map((line, i) => {
            const hit = line.key !== null ? changed.has(line.key) : false;
            return (
              <Box
                key={i}
                component="span"
                data-changed={hit ? "true" : undefined}
                data-key={line.key ?? undefined}
                sx={{ display: "block", bgcolor: hit ? (t) => alpha(t.palette[tone].main, 0.15) : undefined }}
              >
                {line.text}
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

export function JsonDiff({ before, after }: { before: Json; after: Json }) {
  const { t } = useTranslation();
  const changed = changedKeys(before, after);
  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={2} data-testid="audit-diff">
      <Side title={t("audit.before")} value={before} changed={changed} tone="error" testId="audit-before" />
      <Side title={t("audit.after")} value={after} changed={changed} tone="success" testId="audit-after" />
    </Stack>
  );
}
