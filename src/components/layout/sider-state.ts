/** Where the sider remembers being collapsed, per browser. */
const SIDER_STATE_KEY = "steward.sider.collapsed";

export function siderCollapsed(): boolean {
  return localStorage.getItem(SIDER_STATE_KEY) === "1";
}

export function rememberSiderCollapsed(collapsed: boolean): void {
  localStorage.setItem(SIDER_STATE_KEY, collapsed ? "1" : "0");
}
