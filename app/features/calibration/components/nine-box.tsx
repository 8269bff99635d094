import { Menu, MenuItem } from "@mui/material";
import { useState, type DragEvent, type MouseEvent } from "react";
import { Link as RemixLink, useLocation } from "@remix-run/react";
import { performanceBand, ratingForBand, type Potential } from "~/features/calibration/rules";
import type { Board, BoardPerson, BoxKey } from "~/features/calibration/meeting-page-types";
import { BOX_PREVIEW, withParam } from "~/features/calibration/participant-page";
import type { RatingTarget } from "~/features/calibration/components/rating-dialog";
import { MeetingSection } from "~/features/calibration/components/meeting-header";
import { Typography } from "~/platform/ui/static";
import { useMeetingText } from "~/features/calibration/components/use-meeting-text";
import css from "~/features/calibration/components/meeting.module.css";

/**
 * The 9-box: columns are the performance band of the calibrated rating (Below / Meets / Above), rows the
 * potential (High at the top). With `onMove` (the session admin, while the session runs) a person's card can
 * be dragged into another box, or moved with its "Move to box…" menu (keyboard); either asks for the change
 * (potential = the row; the rating = ratingForBand(column) when the column changes) and a reason.
 *
 * A session holds hundreds of people, so the cards are plain elements styled once by the grid's class
 * (`.nb-*`, static CSS in meeting.module.css) rather than MUI components with their own styles, and there is one "Move to box…" menu,
 * mounted only while it is open (server rendering 500 closed menus cost more than the rest of the page).
 * The page ships each box's head count and its first BOX_PREVIEW people (ADR 0091); "+ N more" is a link to ?box=
 * (the other parameters kept, the scroll position too) whose answer brings every person of that box, "Show fewer"
 * closes it again. The stream's revalidation re-reads the same address, so an open box stays open and up to date.
 */

type Band = 1 | 2 | 3;
const BANDS: Band[] = [1, 2, 3];
const ROWS: Potential[] = [3, 2, 1];
const DRAG_TYPE = "application/x-calibration-participant";
const MENU_ID = "ninebox-move-menu";
/** MUI's MoreVert icon, drawn once (a hidden <symbol>) and used by every card's menu button. */
const ICON_ID = "nb-more-icon";
const MORE_VERT = "M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2";

/** What a move of `p` into (band, potential) changes; null when it is the box they are in. */
export function moveTarget(p: BoardPerson, band: Band, potential: Potential): RatingTarget | null {
  const currentBand = performanceBand(p.rating);
  if (currentBand === band && p.potential === potential) return null;
  return {
    participant: p,
    fixed: {
      ...(currentBand !== band ? { calibrated_rating: ratingForBand(band, p.rating) } : {}),
      ...(p.potential !== potential ? { potential } : {}),
      box: { band, potential },
    },
  };
}

const onCardDragStart = (e: DragEvent<HTMLElement>) => {
  const id = e.currentTarget.dataset.id ?? "";
  e.dataTransfer.setData(DRAG_TYPE, id);
  e.dataTransfer.setData("text/plain", id);
  e.dataTransfer.effectAllowed = "move";
};

/** One person's card (plain markup: see the note above). `onMenu` opens the "Move to box…" menu (the session admin). */
function personCard(p: BoardPerson, onMenu: ((e: MouseEvent<HTMLButtonElement>) => void) | undefined, menuOpenFor: number | null, moveLabel: (name: string) => string) {
  return (
    <div key={p.id} className="nb-card" draggable={onMenu ? true : undefined} onDragStart={onMenu ? onCardDragStart : undefined} data-id={p.id} data-testid={`ninebox-card-${p.id}`}>
      <span className="nb-name" title={p.user.name}>
        {`${p.user.name} `}
        <span className="nb-dim">{`(${p.rating ?? "—"})`}</span>
      </span>
      {onMenu && (
        <button
          type="button"
          className="nb-menu"
          aria-label={moveLabel(p.user.name)}
          aria-haspopup="menu"
          aria-expanded={menuOpenFor === p.id ? true : undefined}
          aria-controls={menuOpenFor === p.id ? MENU_ID : undefined}
          onClick={onMenu}
          data-testid={`ninebox-menu-${p.id}`}
        >
          <svg aria-hidden="true">
            <use href={`#${ICON_ID}`} />
          </svg>
        </button>
      )}
    </div>
  );
}

const BOX_KEYS: BoxKey[] = ["1-1", "1-2", "1-3", "2-1", "2-2", "2-3", "3-1", "3-2", "3-3", "unplaced"];

export function NineBox({ board, onMove }: { board: Board; onMove?: (t: RatingTarget) => void }) {
  const live = BOX_KEYS.flatMap((k) => board.boxes[k]?.people ?? []);
  const { pathname, search } = useLocation();
  const { t, band: bandText, potential: potentialText, box: boxName } = useMeetingText();
  const moveLabel = (name: string) => t("calibrationMeeting.nineBox.moveTo", { name });
  const [over, setOver] = useState<string | null>(null);
  // The menu's person and anchor; `menuOpen` goes false first so the menu can fade out, then the menu unmounts.
  const [menu, setMenu] = useState<{ id: number; anchor: HTMLElement } | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuPerson = menu ? live.find((x) => x.id === menu.id) : undefined;

  const unplaced = board.boxes.unplaced;
  const openMenu = onMove
    ? (e: MouseEvent<HTMLButtonElement>) => {
        const card = e.currentTarget.closest<HTMLElement>("[data-id]");
        setMenu({ id: Number(card?.dataset.id), anchor: e.currentTarget });
        setMenuOpen(true);
      }
    : undefined;
  const menuOpenFor = menuOpen && menu ? menu.id : null;
  // "+ N more" and "Show fewer" are named by their box's group (role="group" with the box's name).
  const cards = (key: BoxKey) => {
    const box = board.boxes[key];
    const people = box?.people ?? [];
    const count = box?.count ?? 0;
    return (
      <div className="nb-cards">
        {people.map((p) => personCard(p, openMenu, menuOpenFor, moveLabel))}
        {people.length < count && (
          <RemixLink to={withParam(pathname, search, "box", key)} preventScrollReset replace className="nb-more" data-testid={`ninebox-more-${key}`}>
            {t("calibrationMeeting.nineBox.more", { count: count - people.length })}
          </RemixLink>
        )}
        {board.open === key && count > BOX_PREVIEW && (
          <RemixLink to={withParam(pathname, search, "box", null)} preventScrollReset replace className="nb-more" data-testid={`ninebox-less-${key}`}>
            {t("calibrationMeeting.nineBox.less")}
          </RemixLink>
        )}
      </div>
    );
  };
  const dropProps = (band: Band, potential: Potential) =>
    onMove
      ? {
          onDragOver: (e: DragEvent) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = "move";
            setOver(`${band}-${potential}`);
          },
          onDragLeave: () => setOver(null),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            setOver(null);
            const id = Number(e.dataTransfer.getData(DRAG_TYPE) || e.dataTransfer.getData("text/plain"));
            const p = live.find((x) => x.id === id);
            const t = p ? moveTarget(p, band, potential) : null;
            if (t) onMove(t);
          },
        }
      : {};
  return (
    <MeetingSection id="ninebox" title={t("calibrationMeeting.nineBox.title")} testId="ninebox">
      {onMove && (
        <Typography variant="body2" color="text.secondary" className={css.intro}>
          {t("calibrationMeeting.nineBox.intro")}
        </Typography>
      )}
      <div className={css.nineBox}>
        {onMove && (
          <svg className="nb-defs" aria-hidden="true" focusable="false">
            <symbol id={ICON_ID} viewBox="0 0 24 24">
              <path d={MORE_VERT} />
            </symbol>
          </svg>
        )}
        <div className="nb-grid">
          <span />
          {BANDS.map((b) => (
            <Typography key={b} variant="subtitle2" align="center">
              {bandText(b)}
            </Typography>
          ))}
          {ROWS.map((potential) => [
            <Typography key={`label-${potential}`} variant="subtitle2" className={css.rowLabel}>
              {potentialText(potential)}
            </Typography>,
            ...BANDS.map((b) => (
              <div
                key={`${b}-${potential}`}
                className="nb-cell"
                role="group"
                aria-label={boxName(b, potential)}
                data-testid={`ninebox-cell-${b}-${potential}`}
                data-over={over === `${b}-${potential}` ? "true" : undefined}
                {...dropProps(b, potential)}
              >
                {cards(`${b}-${potential}` as BoxKey)}
              </div>
            )),
          ])}
        </div>
        {unplaced && unplaced.count > 0 && (
          <div className="nb-unplaced" data-testid="ninebox-unplaced" role="group" aria-label={t("calibrationMeeting.nineBox.unplacedLabel")}>
            <Typography variant="subtitle2">{t("calibrationMeeting.nineBox.unplaced")}</Typography>
            {cards("unplaced")}
          </div>
        )}
      </div>
      {onMove && menu && menuPerson && (
        <Menu
          id={MENU_ID}
          anchorEl={menu.anchor}
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          slotProps={{ transition: { onExited: () => setMenu(null) }, list: { "aria-label": t("calibrationMeeting.nineBox.moveMenu", { name: menuPerson.user.name }) } }}
        >
          {ROWS.flatMap((potential) =>
            BANDS.map((b) => (
              <MenuItem
                key={`${b}-${potential}`}
                disabled={performanceBand(menuPerson.rating) === b && menuPerson.potential === potential}
                onClick={() => {
                  setMenuOpen(false);
                  const t = moveTarget(menuPerson, b, potential);
                  if (t) onMove(t);
                }}
                data-testid={`ninebox-menu-${menuPerson.id}-${b}-${potential}`}
              >
                {boxName(b, potential)}
              </MenuItem>
            )),
          )}
        </Menu>
      )}
    </MeetingSection>
  );
}
