package llm

import (
	"strconv"

	"github.com/omnigap/omnigap/engine/llm/config"
)

// The settings a recording judged after its run (omnigap judge) adds to
// its header: who judged it, with which model, endpoint and prompt.
const (
	SettingJudge           = "judge"
	SettingJudgeModel      = "model.judge"
	SettingJudgeEndpoint   = "judge_endpoint"
	SettingJudgePromptHash = "judge_prompt_hash"
	SettingJudgeMaxTokens  = "judge_max_tokens"
)

// JudgedAfter is the judge setting of a recording judged after its run.
const JudgedAfter = "judged after the run (omnigap judge)"

// JudgeSettings are the settings of the judge of f for a judged copy's
// header: its model, its endpoint without credentials, the short hash
// of its instruction (the system text every call gives) and its token
// cap, when it has one. The key is never among them.
func (f *Factory) JudgeSettings() map[string]string {
	s := map[string]string{
		SettingJudge:           JudgedAfter,
		SettingJudgeModel:      f.cfg.ModelFor(config.RoleJudge),
		SettingJudgeEndpoint:   endpoints(f.cfg),
		SettingJudgePromptHash: JudgePromptHash(),
	}
	if f.cfg.JudgeMaxTokens > 0 {
		s[SettingJudgeMaxTokens] = strconv.Itoa(f.cfg.JudgeMaxTokens)
	}
	return s
}

// JudgePromptHash is the first 8 hex digits of the SHA-256 of the
// judge's instruction.
func JudgePromptHash() string { return PromptHash(judgeSystem()) }
