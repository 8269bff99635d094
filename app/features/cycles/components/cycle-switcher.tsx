import { useNavigate, useLocation } from "@remix-run/react";
import { FormControl, InputLabel, MenuItem, Select } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Picks the review cycle held in the `cycle_id` query parameter; changing it pushes a new address. */
export function CycleSwitcher({ cycles, selectedId }: { cycles: Array<{ id: number; name: string }>; selectedId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <FormControl size="small" sx={{ minWidth: 260 }}>
      <InputLabel id="cycle-switcher-label">{t("home.cycle")}</InputLabel>
      <Select
        labelId="cycle-switcher-label"
        label={t("home.cycle")}
        data-testid="cycle-switcher"
        value={selectedId !== null && cycles.some((c) => c.id === selectedId) ? String(selectedId) : ""}
        onChange={(e) => {
          const params = new URLSearchParams(location.search);
          params.set("cycle_id", String(e.target.value));
          navigate(`${location.pathname}?${params}`);
        }}
      >
        {cycles.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
