import { createGlobalTheme } from "@vanilla-extract/css";

/** Design tokens. Contrast pairs checked against WCAG AA (4.5:1 for text). */
export const vars = createGlobalTheme(":root", {
  color: {
    bg: "#fbf8fc",
    surface: "#ffffff",
    surfaceAlt: "#f3ecf7",
    text: "#1f1630",
    textMuted: "#5a4e6b",
    primary: "#8a1c5a",
    primaryHover: "#6f1548",
    onPrimary: "#ffffff",
    accent: "#3a2a5c",
    border: "#d9cfe3",
    danger: "#b00020",
    dangerBg: "#fdecef",
    success: "#1b6b3a",
    successBg: "#e7f5ec",
    focus: "#2f6fed",
    header: "#221733",
    onHeader: "#f6f0fa",
  },
  space: { xs: "4px", sm: "8px", md: "16px", lg: "24px", xl: "40px" },
  radius: { sm: "6px", md: "10px", lg: "16px" },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    sizeSm: "0.875rem",
    sizeMd: "1rem",
    sizeLg: "1.25rem",
    sizeXl: "1.75rem",
  },
  width: { content: "1120px", form: "440px" },
});
