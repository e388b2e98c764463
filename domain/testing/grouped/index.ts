/** What ML and LLM analyses share: streamed rows kept as group codes, how groups stand, the reference group and the summary. */
export { bySizeThenName, clean, GroupColumn, GroupedRows, groupStanding, referenceGroup, summarizeGroups, UNKNOWN } from "./grouped-rows";
export { GrowableFloat64, GrowableInt32, GrowableInt8 } from "./growable";
