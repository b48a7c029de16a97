// PartitionSpec (sharding.md §1.2): one entry per array dimension — null (not split), a mesh axis name, or a
// list of axis names (the dimension split over their product, first name major). Fewer entries than the
// rank pad with null.

export type SpecEntry = null | string | readonly string[];
export type PartitionSpec = readonly SpecEntry[];
