package v1

type LabelSelector struct {
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
}
