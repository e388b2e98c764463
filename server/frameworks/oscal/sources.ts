/** Where each shipped framework's official text is published: the catalog's `source` link. */
export const FRAMEWORK_SOURCES: Readonly<Record<string, string>> = {
  "eu-ai-act": "https://eur-lex.europa.eu/eli/reg/2024/1689/oj",
  "iso-42001": "https://www.iso.org/standard/81230.html",
  "nist-ai-rmf": "https://doi.org/10.6028/NIST.AI.100-1",
  "nyc-ll144": "https://www.nyc.gov/site/dca/about/automated-employment-decision-tools.page",
  "colorado-sb-26-189": "https://leg.colorado.gov/bills/sb26-189",
  "texas-traiga": "https://capitol.texas.gov/BillLookup/History.aspx?LegSess=89R&Bill=HB149",
  "illinois-hb-3773": "https://www.ilga.gov/legislation/BillStatus.aspx?DocNum=3773&GAID=17&DocTypeID=HB&SessionID=112",
};
