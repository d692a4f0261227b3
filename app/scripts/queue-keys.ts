// public/scripts/queue-keys.js: the back-office queues' keyboard (issue 30 item 5, ADR 119). Without it every queue
// works by its plain forms. j/k move between items, a accepts (the item's data-shortcut="a" button), r focuses the
// reason field, c claims, ? opens the help. Keys typed into a field stay the field's.
const items = () => [...document.querySelectorAll<HTMLElement>("[data-queue-item]")];
let current = -1;

function select(index: number): void {
  const list = items();
  if (list.length === 0) return;
  current = Math.max(0, Math.min(list.length - 1, index));
  list.forEach((item, i) => item.setAttribute("data-current", String(i === current)));
  list[current]!.scrollIntoView({ block: "nearest" });
}

const help = document.querySelector<HTMLDetailsElement>("[data-queue-shortcuts]");
// The help is only true with this script: shown once it runs.
if (help) help.hidden = false;
const anchored = location.hash ? items().findIndex((item) => `#${item.id}` === location.hash) : -1;
if (anchored >= 0) select(anchored);

document.addEventListener("keydown", (event) => {
  const target = event.target as HTMLElement;
  if (event.ctrlKey || event.metaKey || event.altKey || target.closest("input, textarea, select, [contenteditable]")) return;
  const item = items()[current];
  const press = (selector: string) => item?.querySelector<HTMLElement>(selector);
  if (event.key === "j") select(current + 1);
  else if (event.key === "k") select(current - 1);
  else if (event.key === "a") press('[data-shortcut="a"]')?.click();
  else if (event.key === "c") press('[data-shortcut="c"]')?.click();
  else if (event.key === "r") press('[data-shortcut="r"]')?.focus();
  else if (event.key === "?" && help) help.open = !help.open;
  else return;
  event.preventDefault();
});
