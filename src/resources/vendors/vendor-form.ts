import type { Vendor, VendorStatus } from "../../../domain/entities/vendor";
import { VENDOR_QUESTIONS, emptyVendorDetails, type VendorDetails } from "../../../domain/vendors";

/** The profile as its inputs hold it; the domain's vendor schemas check it and turn blank text into null. */
export interface VendorProfileValues {
  name: string;
  website: string;
  description: string;
  services_provided: string;
  contact: string;
  status: VendorStatus;
}

export const EMPTY_PROFILE: VendorProfileValues = { name: "", website: "", description: "", services_provided: "", contact: "", status: "active" };

export function profileValuesOf(vendor: Vendor): VendorProfileValues {
  return {
    name: vendor.name,
    website: vendor.website ?? "",
    description: vendor.description ?? "",
    services_provided: vendor.services_provided ?? "",
    contact: vendor.contact ?? "",
    status: vendor.status,
  };
}

/** The stored answers with every question present. */
export function vendorDetailsOf(stored: Record<string, unknown> | undefined): VendorDetails {
  return { ...emptyVendorDetails(), ...(stored ?? {}) } as VendorDetails;
}

const canonical = (value: unknown) => JSON.stringify(Array.isArray(value) ? [...value].sort() : (value ?? null));

/** Only the answers that changed (the server merges them over the stored ones); null when none did. */
export function changedAnswers(before: VendorDetails, after: VendorDetails): Partial<VendorDetails> | null {
  const changed: Record<string, unknown> = {};
  for (const q of VENDOR_QUESTIONS) {
    const value = after[q.id] === "" ? null : after[q.id];
    if (canonical(before[q.id]) !== canonical(value)) changed[q.id] = value;
  }
  return Object.keys(changed).length ? (changed as Partial<VendorDetails>) : null;
}
