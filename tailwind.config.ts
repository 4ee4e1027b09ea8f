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
      screens: { sidebar: "1200px" },
    },
  },
} satisfies Config;
