import { Link as RouterLink } from "react-router";
import { Chip, Link, Stack, Table, TableBody, TableCell, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { LinkedApplication } from "../../../domain/entities/vendor";
import { TierChip } from "../../components/risk/TierChip";
import { TableHeader } from "../../components/layout/TableHeader";
import { SectionCard } from "../../components/layout/SectionCard";
import { useNavigation } from "@refinedev/core";

/** The applications (those the user can read) that use the vendor, with their tiers. */
export function LinkedApplications({ applications }: { applications: LinkedApplication[] }) {
  const { t } = useTranslation();
  const { showUrl } = useNavigation();
  return (
    <SectionCard titleId="vendor-applications-title" title={t("vendors.detail.applications")} gap={1.5}>
      {applications.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("vendors.detail.noApplications")}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby="vendor-applications-title">
          <TableHeader
            cells={[
              t("vendors.detail.applicationColumns.name"),
              t("vendors.detail.applicationColumns.tier"),
              t("vendors.detail.applicationColumns.uses"),
            ]}
          />
          <TableBody>
            {applications.map((a) => (
              <TableRow key={a.id}>
                <TableCell>
                  <Link component={RouterLink} to={showUrl("applications", a.id)}>
                    {a.name}
                  </Link>
                </TableCell>
                <TableCell>
                  <TierChip tier={a.risk_tier} />
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5}>
                    {a.uses.map((use) => (
                      <Chip key={use} size="small" variant="outlined" label={t(`vendors.detail.uses.${use}`)} />
                    ))}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}
