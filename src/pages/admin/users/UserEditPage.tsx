// Being built (issue 4).
export default function UserEditPage() {
  return null;
}
