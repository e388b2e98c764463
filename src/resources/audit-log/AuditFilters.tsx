import { useState } from "react";
import { Box, Button, MenuItem, TextField } from "@mui/material";
import type { CrudFilter } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useGridSearch } from "../../components/data-grid/grid-support";
import { auditActionText, auditEntityTypeText } from "./audit-words";

export interface AuditFilterState {
  filters: CrudFilter[];
  setFilters(filters: CrudFilter[], behavior?: "merge" | "replace"): void;
  setCurrentPage(page: number): void;
}

const valueOf = (filters: CrudFilter[], field: string) => {
  const value = filters.find((f) => "field" in f && f.field === field)?.value;
  return typeof value === "string" ? value : "";
};

/** An instant in the filter (ISO 8601) as a datetime-local input shows it, in the browser's time zone. */
function localInput(iso: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who (part of an actor's name), what (record type, record id, action) and when (from, until) — each a filter of GET /audit. */
export function AuditFilters({ state, entityTypes, actions, onClear }: { state: AuditFilterState; entityTypes: string[]; actions: string[]; onClear(): void }) {
  const { t } = useTranslation();
  const { filters, setFilters, setCurrentPage } = state;
  const [actor, setActor] = useGridSearch(state, "actor");
  const [entityId, setEntityId] = useState(valueOf(filters, "entity_id"));
  const set = (field: string, value: string | undefined) => {
    setFilters([{ field, operator: "eq", value: value || undefined }], "merge");
    setCurrentPage(1);
  };
  const setInstant = (field: string, local: string) => set(field, local ? new Date(local).toISOString() : undefined);
  const idInvalid = entityId !== "" && !UUID.test(entityId.trim());
  const any = <MenuItem value="">{t("audit.filters.any")}</MenuItem>;

  return (
    <Box role="group" aria-label={t("audit.filters.label")} sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "flex-start" }}>
      <TextField size="small" label={t("audit.filters.actor")} value={actor} onChange={(e) => setActor(e.target.value)} sx={{ width: 200 }} />
      <TextField select size="small" label={t("audit.filters.entityType")} value={valueOf(filters, "entity_type")} onChange={(e) => set("entity_type", e.target.value)} sx={{ width: 180 }}>
        {any}
        {entityTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {auditEntityTypeText(t, type)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t("audit.filters.entityId")}
        value={entityId}
        error={idInvalid}
        onChange={(e) => {
          setEntityId(e.target.value);
          const id = e.target.value.trim();
          if (id === "" || UUID.test(id)) set("entity_id", id);
        }}
        sx={{ width: 300 }}
      />
      <TextField
        select
        size="small"
        label={t("audit.filters.action")}
        value={valueOf(filters, "action")}
        onChange={(e) => set("action", e.target.value)}
        sx={{ width: 220 }}
        slotProps={{ select: { renderValue: (value) => auditActionText(t, String(value)) } }}
      >
        {any}
        {actions.map((action) => (
          <MenuItem key={action} value={action} sx={{ gap: 2, justifyContent: "space-between" }}>
            {auditActionText(t, action)}
            <Box component="code" sx={{ fontFamily: "monospace", fontSize: 12, color: "text.secondary" }}>
              {action}
            </Box>
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="datetime-local"
        label={t("audit.filters.from")}
        defaultValue={localInput(valueOf(filters, "from"))}
        onChange={(e) => setInstant("from", e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="datetime-local"
        label={t("audit.filters.to")}
        defaultValue={localInput(valueOf(filters, "to"))}
        onChange={(e) => setInstant("to", e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button onClick={onClear}>{t("audit.filters.clear")}</Button>
    </Box>
  );
}
