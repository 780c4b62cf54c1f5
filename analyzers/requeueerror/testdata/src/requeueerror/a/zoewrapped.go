package a

import (
	"context"
	"errors"
	"fmt"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type lbService struct{ attached, healthy bool }

// attach requeues only with a nil error: zero on every error.
func (s *lbService) attach(ctx context.Context) (ctrl.Result, error) {
	if !s.attached {
		return ctrl.Result{}, errors.New("attach failed")
	}
	if !s.healthy {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
	}
	return ctrl.Result{}, nil
}

func (s *lbService) live(ctx context.Context) (*lbService, ctrl.Result, error) {
	if s.healthy {
		return nil, ctrl.Result{RequeueAfter: 30 * time.Second}, nil
	}
	return s, ctrl.Result{}, nil
}

// The helper's Result returned with an error wrapped from its own
// (cluster-api-provider-hetzner's handleOperatingSystemRunning). Quiet.
func (s *lbService) Handle(ctx context.Context) (res ctrl.Result, err error) {
	server, res, err := s.live(ctx)
	if server == nil || err != nil || !res.IsZero() {
		return res, err
	}
	res, err = s.attach(ctx)
	if err != nil {
		reterr := fmt.Errorf("attaching: %w", err)
		return res, reterr
	}
	return res, nil
}

// The same pair, the helper's error wrapped into a new variable. Quiet.
func (s *lbService) HandleWrapped(ctx context.Context) (ctrl.Result, error) {
	res, err := s.attach(ctx)
	if err != nil {
		reterr := fmt.Errorf("attaching: %w", err)
		return res, reterr
	}
	return res, nil
}

// The same, named results, the error wrapped in the return. Quiet.
func (s *lbService) HandleInline(ctx context.Context) (res ctrl.Result, err error) {
	res, err = s.attach(ctx)
	if err != nil {
		return res, fmt.Errorf("attaching: %w", err)
	}
	return res, nil
}

// The helper succeeded (it may have asked for a delay), and another error
// is returned with its Result: reported.
func (s *lbService) HandleLater(ctx context.Context) (ctrl.Result, error) {
	res, err := s.attach(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	return res, fmt.Errorf("not ready") // want `res, which may request a requeue, is returned with a non-nil error`
}
