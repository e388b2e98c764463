// Being built (issue 5).
export default function ApplicationListPage() {
  return null;
}
