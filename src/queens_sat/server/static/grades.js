// The "New puzzle" form's grade list: only the grades the generator reaches for the chosen size
// and stars, as GET /generate advertises them (issue 35), each with the least probe depth it needs.
"use strict";

const QS_GRADES = { table: null, defaults: null };

async function loadReachableGrades() {
  try {
    const response = await fetch("/generate");
    if (response.ok) {
      const capabilities = await response.json();
      QS_GRADES.table = capabilities.grades;
      QS_GRADES.defaults = capabilities.default_depth || null;
    }
  } catch (err) { /* offline: the form keeps every grade, and the server refuses what it cannot make */ }
}

// The grades (name -> least max_depth) for size n with k stars; null when the table is unknown.
function reachableGrades(n, k) {
  const byStars = QS_GRADES.table && QS_GRADES.table[String(k)];
  return byStars ? byStars[String(n)] || {} : null;
}

// Refill the grade <select> for size n and k stars, keeping the choice when it is still offered.
function offerGrades(select, n, k) {
  const grades = reachableGrades(n, k);
  if (!grades) return;
  const chosen = select.value;
  while (select.options.length > 1) select.remove(1);  // the first is "any"
  for (const name of ["Easy", "Medium", "Hard", "Expert"]) {
    if (!(name in grades)) continue;
    const option = document.createElement("option");
    option.textContent = name;
    select.appendChild(option);
  }
  select.value = chosen in grades ? chosen : "";
}

// The max_depth a request for this grade must carry (null: the server's default, which GET
// /generate names per star count, reaches it; a server that does not name it is sent the depth).
function depthFor(grade, n, k) {
  const grades = reachableGrades(n, k);
  if (!grades || !(grade in grades)) return null;
  const defaultDepth = QS_GRADES.defaults ? QS_GRADES.defaults[String(k)] : undefined;
  return defaultDepth !== undefined && grades[grade] <= defaultDepth ? null : grades[grade];
}
