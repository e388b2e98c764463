import type { TFunction } from "i18next";

/**
 * An audit action (`approval.moved`) or record type (`testing_task`) in words, in the UI's language. The code
 * itself is what filters and exports carry; an action this version has no words for yet shows as its code.
 */
export const auditActionText = (t: TFunction, action: string) => t(`audit.actions.${action}`, { defaultValue: action });
export const auditEntityTypeText = (t: TFunction, type: string) => t(`audit.entityTypes.${type}`, { defaultValue: type });
