// Being built (issue 4).
export default function UserListPage() {
  return null;
}
