import { Link as RouterLink } from "react-router";
import { Card, CardContent, Chip, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { LinkedApplication } from "../../../domain/entities/vendor";
import { TierChip } from "../../components/risk/TierChip";

/** The applications (those the user can read) that use the vendor, with their tiers. */
export function LinkedApplications({ applications }: { applications: LinkedApplication[] }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" component="section" aria-labelledby="vendor-applications-title">
      <CardContent sx={{ display: "grid", gap: 1.5 }}>
        <Typography id="vendor-applications-title" variant="h6" component="h2">
          {t("vendors.detail.applications")}
        </Typography>
        {applications.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("vendors.detail.noApplications")}
          </Typography>
        ) : (
          <Table size="small" aria-labelledby="vendor-applications-title">
            <TableHead>
              <TableRow>
                <TableCell>{t("vendors.detail.applicationColumns.name")}</TableCell>
                <TableCell>{t("vendors.detail.applicationColumns.tier")}</TableCell>
                <TableCell>{t("vendors.detail.applicationColumns.uses")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {applications.map((a) => (
                <TableRow key={a.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/applications/detail/${a.id}`}>
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
      </CardContent>
    </Card>
  );
}
