// Being built (issue 4).
export default function ApiClientListPage() {
  return null;
}
