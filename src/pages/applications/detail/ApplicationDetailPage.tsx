// Being built (issue 5).
export default function ApplicationDetailPage() {
  return null;
}
