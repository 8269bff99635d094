import { Menu, MenuItem } from "@mui/material";
import { useState, type DragEvent, type MouseEvent } from "react";
import { performanceBand, ratingForBand, type Potential } from "~/features/calibration/rules";
import type { BoardPerson } from "~/features/calibration/meeting-page-types";
import type { RatingTarget } from "~/features/calibration/components/rating-dialog";
import { MeetingSection } from "~/features/calibration/components/meeting-header";
import { useServerRender } from "~/features/calibration/components/use-server-render";
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
 * The server (and the hydration render) draws the first `SERVER_CARDS` cards of each box and "+ N more";
 * the browser draws every card right after hydration.
 */

type Band = 1 | 2 | 3;
const BANDS: Band[] = [1, 2, 3];
const ROWS: Potential[] = [3, 2, 1];
const DRAG_TYPE = "application/x-calibration-participant";
const MENU_ID = "ninebox-move-menu";
export const SERVER_CARDS = 5;
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

export function NineBox({ participants, onMove }: { participants: BoardPerson[]; onMove?: (t: RatingTarget) => void }) {
  const live = participants.filter((p) => !p.terminated);
  const { t, band: bandText, potential: potentialText, box: boxName } = useMeetingText();
  const moveLabel = (name: string) => t("calibrationMeeting.nineBox.moveTo", { name });
  const [over, setOver] = useState<string | null>(null);
  // The menu's person and anchor; `menuOpen` goes false first so the menu can fade out, then the menu unmounts.
  const [menu, setMenu] = useState<{ id: number; anchor: HTMLElement } | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuPerson = menu ? live.find((x) => x.id === menu.id) : undefined;

  const boxes = new Map<string, BoardPerson[]>();
  const unplaced: BoardPerson[] = [];
  for (const p of live) {
    const band = performanceBand(p.rating);
    if (band === null || p.potential == null) unplaced.push(p);
    else {
      const key = `${band}-${p.potential}`;
      const list = boxes.get(key);
      if (list) list.push(p);
      else boxes.set(key, [p]);
    }
  }

  const openMenu = onMove
    ? (e: MouseEvent<HTMLButtonElement>) => {
        const card = e.currentTarget.closest<HTMLElement>("[data-id]");
        setMenu({ id: Number(card?.dataset.id), anchor: e.currentTarget });
        setMenuOpen(true);
      }
    : undefined;
  const menuOpenFor = menuOpen && menu ? menu.id : null;
  const serverRender = useServerRender();
  const cards = (list: BoardPerson[]) => {
    const shown = serverRender ? list.slice(0, SERVER_CARDS) : list;
    return (
      <div className="nb-cards">
        {shown.map((p) => personCard(p, openMenu, menuOpenFor, moveLabel))}
        {shown.length < list.length && <span className="nb-more">{t("calibrationMeeting.nineBox.more", { count: list.length - shown.length })}</span>}
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
                {cards(boxes.get(`${b}-${potential}`) ?? [])}
              </div>
            )),
          ])}
        </div>
        {unplaced.length > 0 && (
          <div className="nb-unplaced" data-testid="ninebox-unplaced" role="group" aria-label={t("calibrationMeeting.nineBox.unplacedLabel")}>
            <Typography variant="subtitle2">{t("calibrationMeeting.nineBox.unplaced")}</Typography>
            {cards(unplaced)}
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
