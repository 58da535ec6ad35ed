/** Size charts' limits and messages (record 0046), without zod; size-charts.ts re-exports them. */

export const SIZE_CHART_LIMITS = {
  maxCm: 300,
  maxColumns: 8,
  maxRows: 20,
  maxColumnName: 30,
  maxSizeName: 20,
} as const;

/** The measurements the admin is offered first (any name may be typed). */
export const SIZE_CHART_MEASUREMENTS = [
  "Bust",
  "Chest",
  "Waist",
  "Hip",
  "Length",
  "Shoulder",
  "Sleeve",
] as const;

export const SIZE_CHART_MESSAGES = {
  columnsRequired: "Add at least one measurement",
  tooManyColumns: `Use at most ${SIZE_CHART_LIMITS.maxColumns} measurements`,
  columnName: "Please name every measurement",
  columnNameTooLong: `Keep measurement names under ${SIZE_CHART_LIMITS.maxColumnName} characters`,
  columnDuplicate: "Each measurement may appear once",
  rowsRequired: "Add at least one size",
  tooManyRows: `Use at most ${SIZE_CHART_LIMITS.maxRows} sizes`,
  sizeName: "Please name every size",
  sizeNameTooLong: `Keep size names under ${SIZE_CHART_LIMITS.maxSizeName} characters`,
  sizeDuplicate: "Each size may appear once",
  valueCount: "Give every size one value per measurement",
  value: `Each measurement must be a number of cm above 0 and at most ${SIZE_CHART_LIMITS.maxCm}`,
  saved: "Size chart saved",
  removed: "Size chart removed",
  saveFailed: "Failed to save the size chart",
  removeFailed: "Failed to remove the size chart",
  categoryNotFound: "Category not found",
  productNotFound: "Product not found",
  fitNotVerified: "Only verified buyers (a delivered order of this product) can say how it fitted",
  sizeBoughtUnknown: "Please choose one of this product's sizes",
  fitChoice: "Please choose how it fitted",
} as const;
