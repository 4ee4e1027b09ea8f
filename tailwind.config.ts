import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: "#0b5d4b", dark: "#07443a", light: "#e6f2ee" },
        popup: "#15803d",
        ink: "#1f2937",
      },
      // tablet: above the phone layout (issue 14: phone is 640 px and below).
      screens: { tablet: "641px", sidebar: "1200px" },
    },
  },
} satisfies Config;
