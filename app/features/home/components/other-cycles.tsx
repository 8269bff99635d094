import { Box, Card, CardContent, Chip, Link, List, Stack, Typography } from "~/platform/ui/static";
import css from "~/features/home/components/home.module.css";
import { TodoItem } from "~/features/home/components/todo-list";
import { useTranslation } from "react-i18next";
import { STAGE_KEYS } from "~/features/home/messages";
import type { HomeElsewhere } from "~/features/home/types";

/**
 * What waits for the viewer in their other started cycles (issue 26 §4, ADR 0059), grouped by cycle, each item
 * linking to its page in that cycle. Shown under the selected cycle's to-do list; absent when nothing waits elsewhere.
 */
export function OtherCycles({ elsewhere }: { elsewhere: HomeElsewhere[] }) {
  const { t } = useTranslation();
  if (elsewhere.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="home-elsewhere-title" data-testid="home-elsewhere">
      <CardContent>
        <Typography variant="h5" component="h2" id="home-elsewhere-title" className={css.mb1}>
          {t("home.todo.elsewhere")}
        </Typography>
        <Stack spacing={2}>
          {elsewhere.map(({ cycle, items, counts }) => (
            <Box key={cycle.id} component="section" aria-labelledby={`home-elsewhere-${cycle.id}`} data-testid={`home-elsewhere-cycle-${cycle.id}`}>
              <Stack direction="row" spacing={1} alignItems="center" flexWrap style={{ rowGap: 4 }}>
                <Typography variant="h6" component="h3" id={`home-elsewhere-${cycle.id}`}>
                  <Link to={`/app/home?cycle_id=${cycle.id}`}>
                    {cycle.name}
                  </Link>
                </Typography>
                <Chip size="small" label={t(STAGE_KEYS[cycle.state])} />
                <Chip size="small" color="primary" label={t("home.todo.count", { count: counts.total })} data-testid={`home-elsewhere-count-${cycle.id}`} />
                {counts.overdue > 0 && <Chip size="small" color="error" variant="outlined" label={t("home.todo.overdueCount", { count: counts.overdue })} />}
              </Stack>
              <List aria-label={t("home.todo.elsewhereList", { name: cycle.name })} disablePadding>
                {items.map((item, i) => (
                  <TodoItem key={`${i}:${item.kind}:${item.link}`} item={item} testId="home-elsewhere-item" />
                ))}
              </List>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
