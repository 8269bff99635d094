import { useNavigate, useLocation } from "@remix-run/react";
import { FormControl, InputLabel, MenuItem, Select } from "@mui/material";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "~/platform/ui/static-form";
import { useHydrated } from "~/platform/ui/mount-hooks";
import css from "~/features/cycles/components/cycle-page-header.module.css";

/**
 * Picks the review cycle held in the `cycle_id` query parameter; changing it pushes a new address. The server render
 * (and the first browser render) is a native <select> with the same label in the static look (no emotion work, issue 27);
 * from hydration on it is MUI's Select, whose menu, keyboard and test ids the tests and the guided tour use (ADR 0064).
 */
export function CycleSwitcher({ cycles, selectedId }: { cycles: Array<{ id: number; name: string }>; selectedId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const value = selectedId !== null && cycles.some((c) => c.id === selectedId) ? String(selectedId) : "";
  const choose = (id: string) => {
    const params = new URLSearchParams(location.search);
    params.set("cycle_id", id);
    navigate(`${location.pathname}?${params}`);
  };
  if (!hydrated) {
    return (
      <NativeSelect
        label={t("home.cycle")}
        id="cycle-switcher-native"
        size="small"
        className={css.switcher}
        data-testid="cycle-switcher"
        value={value}
        onChange={(e) => choose(e.target.value)}
        options={[...(value === "" ? [{ value: "", label: "" }] : []), ...cycles.map((c) => ({ value: String(c.id), label: c.name }))]}
      />
    );
  }
  return (
    <FormControl size="small" sx={{ minWidth: 260 }}>
      <InputLabel id="cycle-switcher-label">{t("home.cycle")}</InputLabel>
      <Select labelId="cycle-switcher-label" label={t("home.cycle")} data-testid="cycle-switcher" value={value} onChange={(e) => choose(String(e.target.value))}>
        {cycles.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
