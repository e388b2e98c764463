// Being built (issue 4).
export default function GroupListPage() {
  return null;
}
