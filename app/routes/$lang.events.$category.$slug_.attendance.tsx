/** events/{category}/{slug}/attendance: where every attendance button posts (ADR 100); a GET shows the event. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { attendanceRouteLoader, submitAttendance } from "~/features/events/attendance/attendance.server";

export const loader = (args: LoaderFunctionArgs) => attendanceRouteLoader(args);

export const action = (args: ActionFunctionArgs) => submitAttendance(args);
