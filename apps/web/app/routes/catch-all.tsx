import { redirect } from "react-router";

/** Any unknown path goes home, replacing the history entry. */
export function loader() {
  return redirect("/", { status: 302 });
}
export function clientLoader() {
  return redirect("/");
}
export default function CatchAll() {
  return null;
}
