// Being built (issue 5).
export default function ApplicationOverviewPage() {
  return null;
}
