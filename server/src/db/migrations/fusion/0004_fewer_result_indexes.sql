DROP INDEX "fusion_record_kind_idx";--> statement-breakpoint
DROP INDEX "fusion_record_region_code_idx";--> statement-breakpoint
DROP INDEX "fusion_result_task_id_idx";--> statement-breakpoint
DROP INDEX "fusion_result_result_class_idx";--> statement-breakpoint
DROP INDEX "fusion_result_handling_idx";--> statement-breakpoint
DROP INDEX "fusion_result_record_kind_idx";--> statement-breakpoint
DROP INDEX "fusion_result_enterprise_id_idx";