package meta

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

func SetStatusCondition(conditions *[]metav1.Condition, newCondition metav1.Condition) (changed bool) {
	return false
}

func RemoveStatusCondition(conditions *[]metav1.Condition, conditionType string) (removed bool) {
	return false
}

func FindStatusCondition(conditions []metav1.Condition, conditionType string) *metav1.Condition {
	return nil
}

func IsStatusConditionTrue(conditions []metav1.Condition, conditionType string) bool { return false }
