// Being built (issue 4).
export default function CompanyPage() {
  return null;
}
