import { useEffect, useState } from "react";
import { Autocomplete, Chip, TextField } from "@mui/material";
import { useList, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { SEARCH_DEBOUNCE_MS } from "../../components/data-grid/grid-support";
import { shortId } from "./resource-diff";

interface ApplicationOption {
  id: string;
  name?: string;
}

export interface ApplicationPickerProps {
  value: string[];
  onChange(ids: string[]): void;
  disabled?: boolean;
}

/** Picks the applications of a SELECTED group, searching GET /applications on the server as the user types. */
export function ApplicationPicker({ value, onChange, disabled }: ApplicationPickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const [query, setQuery] = useState("");
  // Names seen in any answer, so a chip keeps its name after the search moves on.
  const [names, setNames] = useState<Record<string, string>>({});

  useEffect(() => {
    const timer = setTimeout(() => setQuery(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const { result, query: listQuery } = useList<{ id: string; name: string }, HttpError>({
    resource: "applications",
    filters: query ? [{ field: "q", operator: "contains", value: query }] : [],
    pagination: { currentPage: 1, pageSize: 50 },
    errorNotification: false,
  });
  const found = result.data;

  useEffect(() => {
    if (found.length === 0) return;
    setNames((prev) => {
      const next = { ...prev };
      for (const app of found) next[app.id] = app.name;
      return next;
    });
  }, [found]);

  const error = listQuery.error;
  // Until the applications API exists (or while a company has none) the picker says so instead of failing.
  const noneYet = error?.statusCode === 404 || (!error && !listQuery.isFetching && !query && found.length === 0);
  const note = noneYet ? t("groups.picker.noApplications") : error ? t("groups.picker.loadFailed", { message: error.message }) : undefined;

  const label = (o: ApplicationOption) => o.name ?? names[o.id] ?? t("groups.picker.unknown", { id: shortId(o.id) });

  return (
    <Autocomplete<ApplicationOption, true>
      multiple
      disabled={disabled}
      options={error ? [] : found}
      value={value.map((id) => ({ id, name: names[id] }))}
      onChange={(_, selected) => onChange(selected.map((o) => o.id))}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      // The server already filtered by the typed text.
      filterOptions={(options) => options}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={listQuery.isFetching}
      loadingText={t("groups.picker.loading")}
      noOptionsText={noneYet ? t("groups.picker.noApplications") : t("groups.picker.noMatches")}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          {label(option)}
        </li>
      )}
      renderTags={(selected, getTagProps) =>
        selected.map((option, index) => {
          const { key, ...tagProps } = getTagProps({ index });
          return <Chip key={key} {...tagProps} size="small" label={label(option)} title={option.id} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={t("groups.fields.applications")} placeholder={t("groups.picker.placeholder")} helperText={note} />
      )}
    />
  );
}
