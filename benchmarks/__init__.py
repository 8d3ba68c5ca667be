"""Speed measurements: ratios against a reference run in the same process."""
