// Package rejudge judges recorded runs after the fact (omnigap judge,
// docs/LLM.md): each recording, omnigap's own, imported or of people,
// is scored by omnigap's judge on the seven Sotopia dimensions and
// written as a judged copy under its own base name in another folder,
// the judge's model, endpoint and prompt hash named in the copy's
// header. The originals are never written; an evaluator's scores
// imported with an episode stay apart from the judge's.
package rejudge
